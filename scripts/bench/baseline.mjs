// Another commit of this repository, built beside the working tree (git archive, node_modules
// hard-linked), so bench:load measures it in the same run and on the same machine as this one.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from './server.mjs';

/** Returns { dir, sha } of a production build of `ref`; reuses an earlier build of the same commit unless `rebuild`. */
export async function buildBaseline(root, ref, { rebuild = false } = {}) {
  const sha = execFileSync('git', ['rev-parse', '--short', `${ref}^{commit}`], { cwd: root, encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), `bistro-baseline-${sha}`);
  if (!rebuild && existsSync(join(dir, '.next', 'BUILD_ID'))) return { dir, sha };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', 'git archive "$0" | tar -x -C "$1"', sha, dir], { cwd: root, stdio: 'inherit' });
  execFileSync('cp', ['-al', join(root, 'node_modules'), join(dir, 'node_modules')]);
  const buildData = join(dir, '.data-bench-build');
  if ((await buildApp({ cwd: dir, env: { DATA_DIR: buildData } })) !== 0) throw new Error(`next build of ${sha} failed`);
  rmSync(buildData, { recursive: true, force: true });
  return { dir, sha };
}
