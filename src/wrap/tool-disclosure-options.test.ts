import { type ToolSet, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import { generateText, streamText } from './index.js';
import { type Call, type Kind, runScripted, scriptedModel } from './scripted-model.case.js';
import {
  type ToolDisclosureOptions,
  withToolDisclosure,
  withToolDisclosureSync,
} from './with-tool-disclosure.js';

/** Runs the script; the tools each step sent to the model and every step's content. */
async function run(
  kind: Kind,
  steps: Call[][],
  tools: ToolSet,
  toolDisclosure: ToolDisclosureOptions,
) {
  const result = await runScripted(kind, steps, { tools, toolDisclosure });
  return {
    sentTools: result.sent.map((call) => (call.tools ?? []).map((item) => item.name)),
    content: result.content,
  };
}

function catalog(log: string[] = []) {
  const simple = (name: string) =>
    tool({
      description: `The ${name} tool.`,
      inputSchema: z.object({}),
      execute: async () => {
        log.push(name);
        return name;
      },
    });
  return {
    'mail.send': simple('mail.send'),
    'notes.add': simple('notes.add'),
    'weather.forecast': simple('weather.forecast'),
    'jobs.wait': tool({
      description: 'Wait a little, then answer; stop when told to.',
      inputSchema: z.object({}),
      execute: async (_input, { abortSignal }) => {
        await new Promise((resolve, reject) => {
          const timer = setTimeout(resolve, 30);
          abortSignal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(abortSignal.reason);
          });
        });
        log.push('jobs.wait');
        return 'waited';
      },
    }),
  } satisfies ToolSet;
}

const base: ToolDisclosureOptions = { maxTools: 2, environment: {} };

/** Every way of wrapping settings, each expected to throw `error` at once. */
async function expectEveryWrapToThrow(
  options: ToolDisclosureOptions,
  check: (error: unknown) => void,
) {
  const tools = catalog();
  const model = scriptedModel('generateText', [[]]);
  const attempts: (() => unknown)[] = [
    () => withToolDisclosure({ model, tools, prompt: 'x' }, options),
    () => withToolDisclosureSync({ model, tools, prompt: 'x' }, options),
    () => generateText({ model, tools, prompt: 'x', toolDisclosure: options } as never),
    () => streamText({ model, tools, prompt: 'x', toolDisclosure: options } as never),
  ];
  for (const attempt of attempts) {
    let thrown: unknown;
    try {
      await attempt();
    } catch (error) {
      thrown = error;
    }
    check(thrown);
  }
  expect(model.doGenerateCalls).toHaveLength(0);
}

describe('timeoutMs', () => {
  it.each([
    ['Infinity', Number.POSITIVE_INFINITY],
    ['2**31', 2 ** 31],
    ['30 days', 30 * 24 * 60 * 60 * 1000],
    ['0', 0],
    ['-1', -1],
    ['NaN', Number.NaN],
    ['1.5', 1.5],
  ])(
    'rejects %s when the settings are wrapped, with an InvalidOptionError naming the range 1 to 2147483647',
    async (_label, timeoutMs) => {
      await expectEveryWrapToThrow({ ...base, timeoutMs }, (error) => {
        expect(InvalidOptionError.isInstance(error)).toBe(true);
        expect(error).toMatchObject({ option: 'timeoutMs' });
        expect((error as Error).message).toMatch(/\b1\b.*\b2,?147,?483,?647\b/);
      });
    },
  );

  describe.each(['generateText', 'streamText'] as const)('with %s', (kind) => {
    /** The outcome of the one call of jobs.wait, a tool that takes 30 ms. */
    async function waitWith(timeoutMs: number, log: string[]) {
      const result = await run(kind, [[['w1', 'jobs.wait', {}]], []], catalog(log), {
        ...base,
        timeoutMs,
      });
      return result.content.find(
        (part) =>
          (part.type === 'tool-result' || part.type === 'tool-error') && part.toolCallId === 'w1',
      ) as { type: string; output?: unknown; error?: Error } | undefined;
    }

    it('accepts the longest timeout, 2147483647 ms, and keeps its timer rather than firing it at once', async () => {
      const log: string[] = [];
      expect(await waitWith(2_147_483_647, log)).toMatchObject({
        type: 'tool-result',
        output: 'waited',
      });
      expect(log).toEqual(['jobs.wait']);
    });

    it("accepts the shortest timeout, 1 ms, which aborts a slower tool's signal", async () => {
      const log: string[] = [];
      const outcome = await waitWith(1, log);
      expect(outcome?.type).toBe('tool-error');
      expect((outcome?.error as Error | undefined)?.name).toBe('TimeoutError');
      expect(log).toEqual([]);
    });
  });
});

describe.each([
  ['promote', 'yes'],
  ['promote', 1],
  ['ranker', {}],
  ['ranker', 'bm25'],
  ['cache', {}],
  ['cache', 'shared'],
  ['cache', { get: () => undefined }],
] as const)('the %s option', (option, value) => {
  it(`rejects ${JSON.stringify(value) ?? String(value)} when the settings are wrapped, with an InvalidOptionError naming it`, async () => {
    await expectEveryWrapToThrow({ ...base, [option]: value } as ToolDisclosureOptions, (error) => {
      expect(InvalidOptionError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ option });
    });
  });
});

describe.each(['generateText', 'streamText'] as const)(
  'SPEC §8 invariant: TOOL_DISCLOSURE=off depends on nothing else (%s)',
  (kind) => {
    const environment = { TOOL_DISCLOSURE: 'off', TOOL_DISCLOSURE_PROFILE_PINS: '{bad json' };

    it('advertises every tool with TOOL_DISCLOSURE=off, whatever TOOL_DISCLOSURE_PROFILE_PINS holds', async () => {
      const log: string[] = [];
      const tools = catalog(log);
      const result = await run(kind, [[['m1', 'mail.send', {}]], []], tools, {
        maxTools: 2,
        environment,
      });
      expect(result.sentTools).toEqual([Object.keys(tools), Object.keys(tools)]);
      expect(log).toEqual(['mail.send']);
    });

    it('runs plain ai with TOOL_DISCLOSURE=off even for tools the catalog refuses (colliding wire names)', async () => {
      const log: string[] = [];
      const { 'mail.send': send, ...others } = catalog(log);
      // `mail.send` and `mail__send` both get the wire name mail__send: a catalog error, not plain ai's.
      const tools = { 'mail.send': send, mail__send: send, ...others };
      const result = await run(kind, [[['m1', 'mail__send', {}]], []], tools, {
        maxTools: 2,
        environment,
      });
      expect(result.sentTools[0]).toEqual(Object.keys(tools));
      expect(log).toEqual(['mail.send']);
    });

    it('works in namespaces mode, where TOOL_DISCLOSURE_PROFILE_PINS is not read', async () => {
      const log: string[] = [];
      const result = await run(kind, [[['m1', 'mail.send', {}]], []], catalog(log), {
        maxTools: 2,
        mode: 'namespaces',
        environment,
      });
      expect(result.sentTools[0]).toContain('tool_call');
      expect(log).toEqual(['mail.send']);
    });
  },
);

describe('searchIndex (removed)', () => {
  it('is refused when the settings are wrapped, with an InvalidOptionError saying it was removed', async () => {
    // A JavaScript caller, or one casting past the type that no longer has it.
    const options = { ...base, searchIndex: { format: 'tool-disclosure.search-index' } };
    await expectEveryWrapToThrow(options as ToolDisclosureOptions, (error) => {
      expect(InvalidOptionError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ option: 'searchIndex' });
      expect((error as Error).message).toContain('the option was removed');
    });
  });
});
