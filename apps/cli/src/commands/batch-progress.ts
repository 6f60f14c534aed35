/** A one-line progress bar with rate and ETA on stderr; plain lines when stderr is not a terminal. */
export class BatchProgress {
  private readonly started = Date.now();
  private lastPlain = 0;

  constructor(
    private readonly total: number,
    private readonly alreadyDone: number,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {}

  update(done: number): void {
    const elapsedSeconds = (Date.now() - this.started) / 1000;
    const rate = elapsedSeconds > 0 ? (done - this.alreadyDone) / elapsedSeconds : 0;
    const left = this.total - done;
    const eta = rate > 0 ? formatDuration(left / rate) : "--";
    const share = this.total === 0 ? 1 : done / this.total;
    const width = 30;
    const filled = Math.round(share * width);
    const line = `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${this.total} ${(share * 100).toFixed(0)}% ${rate.toFixed(1)} rows/s ETA ${eta}`;
    if (this.stream.isTTY) {
      this.stream.write(`\r${line}`);
    } else if (Date.now() - this.lastPlain > 2_000 || done === this.total) {
      this.lastPlain = Date.now();
      this.stream.write(`${line}\n`);
    }
  }

  finish(message: string): void {
    this.stream.write(`${this.stream.isTTY ? "\n" : ""}${message}\n`);
  }
}

function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "--";
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return minutes > 0 ? `${minutes}m${String(whole % 60).padStart(2, "0")}s` : `${whole}s`;
}
