/**
 * Reading a `text/event-stream` response the way EventSource does: messages split on blank
 * lines, `event:`, `id:`, `data:` and `retry:` fields, `:` comments. Waits are bounded: a test
 * that expects an event gets a failure, not a hang, when none comes.
 */

export interface StreamMessage {
  event: string | null;
  id: string | null;
  data: string | null;
  retry: number | null;
  comments: string[];
}

export class EventStreamReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private text = '';
  private readonly messages: StreamMessage[] = [];
  private done = false;
  private reading: Promise<void> | null = null;

  constructor(res: Response) {
    if (!res.body) throw new Error('the response has no body');
    this.reader = res.body.getReader();
  }

  /** The next message that has an `event:` (comments and `retry:` are kept, not returned). */
  async nextEvent(timeoutMs = 5000): Promise<StreamMessage> {
    const message = await this.next((m) => m.event !== null, timeoutMs);
    if (!message) throw new Error(`no event within ${timeoutMs} ms`);
    return message;
  }

  /** The next message `matches`, or null when the stream ends or `timeoutMs` passes first. */
  async next(matches: (m: StreamMessage) => boolean, timeoutMs: number): Promise<StreamMessage | null> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const index = this.messages.findIndex(matches);
      if (index >= 0) return this.messages.splice(0, index + 1).at(-1)!;
      if (this.done || Date.now() >= until) return null;
      await this.readFor(until - Date.now());
    }
  }

  /** The events (`event:` messages) that arrive within `ms`. */
  async eventsWithin(ms: number): Promise<StreamMessage[]> {
    const until = Date.now() + ms;
    while (!this.done && Date.now() < until) await this.readFor(until - Date.now());
    return this.messages.splice(0).filter((m) => m.event !== null);
  }

  /** Whether the server ended the stream within `ms`. */
  async endsWithin(ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    while (!this.done && Date.now() < until) await this.readFor(until - Date.now());
    return this.done;
  }

  /** Everything read so far, events or not (and forgets it). */
  drain(): StreamMessage[] {
    return this.messages.splice(0);
  }

  /** Hangs up, as a browser closing the page does. */
  async close(): Promise<void> {
    this.done = true;
    await this.reader.cancel().catch(() => {});
  }

  private async readFor(ms: number): Promise<void> {
    this.reading ??= this.reader.read().then(({ done, value }) => {
      this.reading = null;
      if (done) this.done = true;
      else this.parse(this.decoder.decode(value, { stream: true }));
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.reading, new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))))]);
    clearTimeout(timer);
  }

  private parse(chunk: string) {
    this.text += chunk;
    let end: number;
    while ((end = this.text.indexOf('\n\n')) >= 0) {
      const block = this.text.slice(0, end);
      this.text = this.text.slice(end + 2);
      const message: StreamMessage = { event: null, id: null, data: null, retry: null, comments: [] };
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) message.comments.push(line.slice(1).trim());
        const match = /^(event|id|data|retry): ?(.*)$/.exec(line);
        if (!match) continue;
        const [, field, value] = match as unknown as [string, 'event' | 'id' | 'data' | 'retry', string];
        if (field === 'retry') message.retry = Number(value);
        else if (field === 'data') message.data = message.data === null ? value : `${message.data}\n${value}`;
        else message[field] = value;
      }
      this.messages.push(message);
    }
  }
}
