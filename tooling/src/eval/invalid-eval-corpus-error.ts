import { hasMarker, ToolDisclosureError } from 'tool-disclosure/error';

const name = 'ToolDisclosureInvalidEvalCorpusError';
const marker = `tool-disclosure.error.${name}`;
const symbol = Symbol.for(marker);

const expectedFormats =
  'Expected a JSON object in the IronClaw format {"tools":[{"name",…}],' +
  '"intents":[{"class","query","relevance":{"<tool name>":1-3}}]} or the unified format ' +
  '{"tools":[{"id","name",…}],"queries":[{"id","query","relevant":{"<tool id>":1-3}}]}.';

/** What is wrong with a corpus: its file, its JSON, or its shape. */
export type EvalCorpusProblem = 'unreadable' | 'invalid-json' | 'invalid-shape';

/** An evaluation corpus cannot be read, or is in neither of the accepted formats. */
export class InvalidEvalCorpusError extends ToolDisclosureError {
  readonly [symbol] = true;
  /** The corpus name or file path. */
  readonly corpus: string;
  readonly problem: EvalCorpusProblem;
  readonly reason: string;

  constructor({
    corpus,
    reason,
    problem = 'invalid-shape',
    cause,
  }: { corpus: string; reason: string; problem?: EvalCorpusProblem; cause?: unknown }) {
    super({
      name,
      message:
        problem === 'invalid-shape'
          ? `Invalid evaluation corpus ${corpus}: ${reason}. ${expectedFormats}`
          : `Invalid evaluation corpus ${corpus}: ${reason}.`,
      cause,
    });
    this.corpus = corpus;
    this.problem = problem;
    this.reason = reason;
  }

  static override isInstance(error: unknown): error is InvalidEvalCorpusError {
    return hasMarker(error, marker);
  }
}
