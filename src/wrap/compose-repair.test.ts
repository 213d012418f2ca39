import { InvalidToolInputError, NoSuchToolError } from 'ai';
import { describe, expect, it } from 'vitest';
import { composeRepair } from './compose-repair.js';
import type { ModelView } from './create-model-view.js';
import { createRefusedCalls } from './create-refused-calls.js';

/** The parts of the model view a repair reads: its refused calls, and which names are out of the step's reach. */
function fakeView(outOfReach: readonly string[] = []) {
  const refused = createRefusedCalls();
  const view = { refused, outOfReach: (name: unknown) => outOfReach.includes(name as string) };
  return { view: view as unknown as ModelView, refused };
}

const callOf = (toolName: string, input = '{"q":"x"}') => ({
  type: 'tool-call' as const,
  toolCallId: 'call_1',
  toolName,
  input,
});
const noSuchTool = (toolName: string) => new NoSuchToolError({ toolName, availableTools: [] });
const badInput = (toolName: string) =>
  new InvalidToolInputError({ toolName, toolInput: 'not json', cause: new Error('bad') });

describe('composeRepair', () => {
  it('routes a call of a name that means nothing to tool_call, its input kept as text', async () => {
    const { view } = fakeView();
    const repair = composeRepair(view, undefined);
    expect(
      await repair({ toolCall: callOf('billing.delete_all'), error: noSuchTool('x') }),
    ).toEqual({
      ...callOf('billing.delete_all'),
      toolName: 'tool_call',
      input: JSON.stringify({ name: 'billing.delete_all', arguments: '{"q":"x"}' }),
    });
  });

  it("answers a bridge's input that is not JSON with that bridge's typed error, through a stand-in input", async () => {
    const { view, refused } = fakeView();
    const repair = composeRepair(view, () => {
      throw new Error('the app is not asked about the bridges');
    });
    const repaired = await repair({
      toolCall: callOf('tool_search', 'not json'),
      error: badInput('tool_search'),
    });
    expect(repaired).toEqual({ ...callOf('tool_search'), input: '{}' });
    const error = refused.take('call_1');
    expect(error?.kind).toBe('invalid_arguments');
    expect(error?.message).toMatch(
      /^The tool_search input was not valid JSON, so nothing was searched\./,
    );
  });

  it("asks the app's repair first, and keeps what it repaired within the step's reach", async () => {
    const { view } = fakeView();
    const asked: string[] = [];
    const repair = composeRepair(view, ({ toolCall }: { toolCall: { toolName: string } }) => {
      asked.push(toolCall.toolName);
      return { ...callOf('notes.add'), input: '{"text":"fixed"}' };
    });
    expect(await repair({ toolCall: callOf('notes.ad'), error: noSuchTool('notes.ad') })).toEqual({
      ...callOf('notes.add'),
      input: '{"text":"fixed"}',
    });
    expect(asked).toEqual(['notes.ad']);
  });

  it("routes the app's repair to tool_call when it names a tool outside the step's reach", async () => {
    const { view } = fakeView(['pay.refund']);
    const repair = composeRepair(view, async () => callOf('pay.refund', '{"amount":5}'));
    expect(await repair({ toolCall: callOf('pay.refnd'), error: noSuchTool('pay.refnd') })).toEqual(
      {
        ...callOf('pay.refund'),
        toolName: 'tool_call',
        input: JSON.stringify({ name: 'pay.refund', arguments: '{"amount":5}' }),
      },
    );
  });

  it("leaves unrepaired what it cannot route: bad input of the app's own tool, an unknown bridge call", async () => {
    const { view } = fakeView();
    const repair = composeRepair(view, async () => null);
    expect(
      await repair({ toolCall: callOf('notes.add'), error: badInput('notes.add') }),
    ).toBeNull();
    expect(
      await repair({ toolCall: callOf('tool_call'), error: noSuchTool('tool_call') }),
    ).toBeNull();
  });
});
