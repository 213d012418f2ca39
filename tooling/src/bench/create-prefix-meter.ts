import { estimateTokens } from 'tool-disclosure/disclosure';
import type { StepTokens } from './measure-cost-model.js';

/** Counts the tokens of a conversation's requests and what a provider's prompt cache can serve. */
export interface PrefixMeter {
  /**
   * A request given as segments (each tool definition, then each message) as
   * ids: equal segments get equal ids, so a run holds each distinct text once.
   */
  intern(segments: readonly string[]): Uint32Array;
  /**
   * Each request's estimated tokens, and those of the longest prefix it shares
   * with an earlier request of `requests` (whole equal leading segments plus
   * the common start of the first differing one): a provider keeps every
   * prefix it has written while the conversation lasts. With `cachedLead`,
   * the first request's first `cachedLead` segments count as written before
   * the conversation began.
   */
  measure(requests: readonly Uint32Array[], options?: { cachedLead?: number }): StepTokens[];
}

/**
 * A prefix meter for one run of conversations over the same catalog, so a
 * large tool list is counted once however many requests repeat it.
 *
 * @example
 * const meter = createPrefixMeter();
 * const first = meter.intern(['{"name":"tool_search"}', '{"role":"user"}']);
 * meter.measure([first], { cachedLead: 1 }); // [{ input, cached: tokens of the tool }]
 */
export function createPrefixMeter(): PrefixMeter {
  const ids = new Map<string, number>();
  const texts: string[] = [];
  const tokens: number[] = [];
  const intern = (segments: readonly string[]): Uint32Array =>
    Uint32Array.from(segments, (segment) => {
      let id = ids.get(segment);
      if (id === undefined) {
        id = texts.length;
        ids.set(segment, id);
        texts.push(segment);
        tokens.push(estimateTokens(segment));
      }
      return id;
    });
  /** Tokens of the prefix `later` shares with `earlier`. */
  const shared = (earlier: Uint32Array, later: Uint32Array): number => {
    const length = Math.min(earlier.length, later.length);
    let sum = 0;
    let index = 0;
    while (index < length && earlier[index] === later[index]) {
      sum += tokens[later[index] as number] as number;
      index++;
    }
    if (index < length) {
      const left = texts[earlier[index] as number] as string;
      const right = texts[later[index] as number] as string;
      sum += estimateTokens(commonPrefix(left, right));
    }
    return sum;
  };
  return {
    intern,
    measure(requests, { cachedLead = 0 } = {}) {
      const lead = requests[0]?.subarray(0, cachedLead);
      return requests.map((request, position) => {
        let input = 0;
        for (const id of request) input += tokens[id] as number;
        let cached = lead === undefined || lead.length === 0 ? 0 : shared(lead, request);
        for (let earlier = 0; earlier < position; earlier++) {
          cached = Math.max(cached, shared(requests[earlier] as Uint32Array, request));
        }
        return { input, cached: Math.min(cached, input) };
      });
    },
  };
}

function commonPrefix(left: string, right: string): string {
  const length = Math.min(left.length, right.length);
  let index = 0;
  while (index < length && left.charCodeAt(index) === right.charCodeAt(index)) index++;
  return left.slice(0, index);
}
