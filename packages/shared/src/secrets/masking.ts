import { Buffer } from "node:buffer";
import { SECRET_VALUE_MIN } from "./schemas.ts";

/** What a secret value becomes in any output. */
export const SECRET_MASK = "***";

/**
 * The texts that give a secret away: the value itself, each of its lines on its own (a key file
 * printed line by line), and the value's and each line's URL-encoded and base64 forms. A value
 * base64-encoded after other text starts at any of three bit alignments, so each alignment's run
 * of characters that depend on the value alone counts too (`echo "user:$PASSWORD" | base64`).
 */
export function revealingForms(value: string): string[] {
  const lines = value.split(/\r?\n/).filter((line) => line.length >= SECRET_VALUE_MIN);
  const texts = new Set(lines);
  if (lines.length > 1) texts.add(value);
  const forms = new Set<string>();
  for (const text of texts) {
    if (!/[\r\n]/.test(text)) forms.add(text);
    forms.add(encodeURIComponent(text));
    forms.add(encodeURIComponent(text).replaceAll("%20", "+"));
    for (const fragment of base64Fragments(text)) {
      forms.add(fragment);
      forms.add(fragment.replaceAll("+", "-").replaceAll("/", "_"));
    }
  }
  return [...forms].filter((form) => form.length >= SECRET_VALUE_MIN);
}

function base64Fragments(text: string): string[] {
  const bytes = Buffer.from(text, "utf8");
  const fragments: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    // Characters wholly made of the value's bits: after the filler's bits, before the padding.
    const first = Math.ceil((8 * offset) / 6);
    const end = Math.floor((8 * (offset + bytes.length)) / 6);
    fragments.push(encoded.slice(first, end));
  }
  return fragments;
}

function escapeForRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

/**
 * Replaces every revealing form of a set of secret values with `***`. `mask` works on a whole
 * text; `stream()` gives a masker for output that arrives in pieces.
 */
export class SecretMasker {
  private readonly pattern: RegExp | null;
  private readonly formsByFirstCharacter = new Map<string, string[]>();
  /** The longest form, less one: the most of a chunk's end that can be the start of a form. */
  readonly longestPrefix: number;

  constructor(values: Iterable<string>) {
    const forms = new Set<string>();
    for (const value of values) for (const form of revealingForms(value)) forms.add(form);
    // Longest first: a value that contains another is masked whole.
    const sorted = [...forms].sort((a, b) => b.length - a.length);
    this.pattern = sorted.length === 0 ? null : new RegExp(sorted.map(escapeForRegExp).join("|"), "g");
    for (const form of sorted) {
      const list = this.formsByFirstCharacter.get(form[0]!) ?? [];
      list.push(form);
      this.formsByFirstCharacter.set(form[0]!, list);
    }
    this.longestPrefix = Math.max(0, (sorted[0]?.length ?? 0) - 1);
  }

  get masksNothing(): boolean {
    return this.pattern === null;
  }

  mask(text: string): string {
    if (!this.pattern) return text;
    this.pattern.lastIndex = 0;
    return text.replace(this.pattern, SECRET_MASK);
  }

  /** A masker for one stream of output: what `write` holds back may be the start of a secret. */
  stream(): OutputMasker {
    return new OutputMasker(this);
  }

  /**
   * Where the end of `text` may begin a form that the next chunk completes; `text.length` when it
   * cannot. Looks no earlier than `from`, so a masked form is never held back.
   */
  heldBackFrom(text: string, from: number): number {
    if (!this.pattern) return text.length;
    for (let index = Math.max(from, text.length - this.longestPrefix); index < text.length; index++) {
      const candidates = this.formsByFirstCharacter.get(text[index]!);
      if (!candidates) continue;
      const tail = text.slice(index);
      if (candidates.some((form) => form.length > tail.length && form.startsWith(tail))) return index;
    }
    return text.length;
  }
}

/**
 * Masks output that arrives in chunks: a secret split across two chunks (a long line flushed in the
 * middle of the value) is still masked, because the end of a chunk that may begin a secret is held
 * back until the next chunk, or `end()`, says what it was.
 */
export class OutputMasker {
  private held = "";

  constructor(private readonly masker: SecretMasker) {}

  /** The part of the output so far that is safe to send now. */
  write(chunk: string): string {
    if (this.masker.masksNothing) return chunk;
    const text = this.held + chunk;
    const masked = this.masker.mask(text);
    // Masking only shortens matches to "***", which cannot begin a form of length ≥ 4 with a "*"
    // unless a value starts with "***"; hold back from the last mask on at most.
    const lastMask = masked.lastIndexOf(SECRET_MASK);
    const from = lastMask === -1 ? 0 : lastMask + SECRET_MASK.length;
    const cut = this.masker.heldBackFrom(masked, from);
    this.held = masked.slice(cut);
    return masked.slice(0, cut);
  }

  /** What was held back, once the stream has ended. */
  end(): string {
    const rest = this.masker.mask(this.held);
    this.held = "";
    return rest;
  }

  get holding(): boolean {
    return this.held.length > 0;
  }
}
