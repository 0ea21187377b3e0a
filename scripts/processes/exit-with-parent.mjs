// Loaded with `node --import` into the Node.js children that group.mjs spawns. Their fd 3 is a pipe
// whose other end the parent holds; the kernel closes that end however the parent ends, even by
// SIGKILL, and then this stops the child's whole group, as the parent would have. Without it a
// killed test run would leave an emulator or a server holding its port.
import { Socket } from 'node:net';

let parent;
try {
  parent = new Socket({ fd: 3, readable: true, writable: false });
} catch {
  // Started some other way, without the pipe: nothing to watch.
}
if (parent) {
  parent.on('error', () => {});
  parent.once('close', () => {
    try {
      process.kill(-process.pid, 'SIGTERM');
    } catch {
      process.kill(process.pid, 'SIGTERM');
    }
  });
  parent.resume();
  parent.unref();
}
