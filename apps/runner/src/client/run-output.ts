import type { RunDetail, RunLogChunk } from "@flowdeck/shared/runs/schemas";

export type Sink = { stdout: (text: string) => void; stderr: (text: string) => void };

/**
 * Prints a run's output as it comes: each chunk once (by its id, so a resumed stream repeats
 * nothing), stdout to stdout, stderr and Flowdeck's own notes to stderr, and a header line before
 * each step's first output. `hold()` keeps what arrives until `release()` (while a question is asked).
 */
export class RunOutput {
  /** The id of the last chunk printed: where a stream resumes (Last-Event-ID). */
  lastId = 0;
  private steps: RunDetail["steps"] = [];
  private position: number | null = null;
  private atLineStart = true;
  private held: RunLogChunk[] | null = null;

  constructor(private readonly sink: Sink) {}

  setRun(run: Pick<RunDetail, "steps">): void {
    this.steps = run.steps;
  }

  write(chunks: readonly RunLogChunk[]): void {
    for (const chunk of chunks) {
      if (chunk.id <= this.lastId) continue;
      this.lastId = chunk.id;
      if (this.held) this.held.push(chunk);
      else this.print(chunk);
    }
  }

  hold(): void {
    this.held ??= [];
  }

  release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const chunk of held) this.print(chunk);
  }

  /** Ends an unfinished last line, so what is printed after starts on its own line. */
  endLine(): void {
    if (!this.atLineStart) this.sink.stdout("\n");
    this.atLineStart = true;
  }

  protected print(chunk: RunLogChunk): void {
    if (chunk.position !== this.position) {
      this.position = chunk.position;
      this.endLine();
      const step = this.steps.find((candidate) => candidate.position === chunk.position);
      const total = this.steps.length > 0 ? `/${this.steps.length}` : "";
      this.sink.stdout(`==> Step ${chunk.position + 1}${total}${step ? `: ${step.name}` : ""}\n`);
    }
    if (chunk.text.length === 0) return;
    if (chunk.stream === "stdout") this.sink.stdout(chunk.text);
    else this.sink.stderr(chunk.text);
    this.atLineStart = chunk.text.endsWith("\n");
  }
}

export const processSink: Sink = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

/** The chunks as they are, one JSON object a line ({ id, position, stream, text }), for scripts. */
export class JsonLinesOutput extends RunOutput {
  constructor() {
    super(processSink);
  }

  protected override print(chunk: RunLogChunk): void {
    process.stdout.write(`${JSON.stringify(chunk)}\n`);
  }

  override endLine(): void {}
}
