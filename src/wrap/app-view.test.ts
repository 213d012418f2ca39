/**
 * What the app sees when its tools cross the caps: its own tools, under its
 * own names, with every AI SDK behaviour as plain `ai` gives it, through the
 * public entry points.
 */
import { type ModelMessage, type ToolSet, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { type Call, type Kind, runScripted, type ScriptedRun } from './scripted-model.case.js';

const disclosure = { maxTools: 4, environment: {} };

/** Tools of a back office: a refund that needs approval, a client-side tool, a class-based tool. */
function backOffice(log: string[]) {
  class Ledger {
    readonly description = 'Read the balance of an account.';
    readonly inputSchema = z.object({ account: z.string() });
    private readonly balances = new Map([['acme', 120]]);
    async execute({ account }: { account: string }) {
      log.push(`ledger ${account}`);
      return { balance: this.balances.get(account) ?? 0 };
    }
  }
  return {
    'billing.refund_invoice': tool({
      description: 'Refund an invoice to the customer.',
      inputSchema: z.object({ invoiceId: z.string() }),
      needsApproval: true,
      execute: async ({ invoiceId }) => {
        log.push(`refund ${invoiceId}`);
        return { refunded: invoiceId };
      },
    }),
    'ui.confirm_address': tool({
      description: 'Ask the person in the browser to confirm their postal address.',
      inputSchema: z.object({ customer: z.string() }),
    }),
    'ledger.balance': new Ledger() as unknown as ToolSet[string],
  } satisfies ToolSet;
}

/** Fillers that put a catalog above the caps. */
function fillers(count: number): ToolSet {
  const tools: ToolSet = {};
  for (let index = 0; index < count; index++) {
    tools[`archive.lookup_${index}`] = tool({
      description: `Look up archived record ${index}.`,
      inputSchema: z.object({ id: z.string() }),
      execute: async () => index,
    });
  }
  return tools;
}

const below = (log: string[]) => backOffice(log);
const above = (log: string[]) => ({ ...backOffice(log), ...fillers(6) });

/** The conversation after `first`, with each of its approval requests answered `approved`. */
function answered(first: ScriptedRun, approved: boolean): ModelMessage[] {
  const requests = first.content.filter((part) => part.type === 'tool-approval-request');
  return [
    { role: 'user', content: 'Refund INV-7.' },
    ...first.responseMessages,
    {
      role: 'tool',
      content: requests.map((part) => ({
        type: 'tool-approval-response' as const,
        approvalId: part.approvalId as string,
        approved,
      })),
    },
  ];
}

function run(kind: Kind, steps: readonly (readonly Call[])[], settings: Record<string, unknown>) {
  return runScripted(
    kind,
    steps,
    { ...settings, toolDisclosure: disclosure },
    { inputDeltas: true },
  );
}

describe.each(['generateText', 'streamText'] as const)('what the app sees with %s', (kind) => {
  const bridgedRefund: Call = [
    'r1',
    'tool_call',
    { name: 'billing__refund_invoice', arguments: '{"invoiceId":"INV-7"}' },
  ];
  const directRefund: Call = ['r1', 'billing.refund_invoice', { invoiceId: 'INV-7' }];

  it('runs an approval asked below the caps once when it is granted above them', async () => {
    const log: string[] = [];
    const first = await run(kind, [[directRefund], []], { tools: below(log), prompt: 'Refund' });
    expect(first.content).toContainEqual(
      expect.objectContaining({
        type: 'tool-approval-request',
        toolCall: expect.objectContaining({ toolName: 'billing.refund_invoice' }),
      }),
    );
    const second = await run(kind, [[]], { tools: above(log), messages: answered(first, true) });
    expect(log).toEqual(['refund INV-7']);
    // The model, now shown the surface, reads the result under the tool's wire name.
    expect(second.modelOutcomes.r1).toEqual({
      ok: true,
      toolName: 'billing__refund_invoice',
      value: { refunded: 'INV-7' },
    });
  });

  it('runs an approval asked above the caps once when it is granted below them', async () => {
    const log: string[] = [];
    const first = await run(kind, [[bridgedRefund], []], { tools: above(log), prompt: 'Refund' });
    const request = first.content.find((part) => part.type === 'tool-approval-request');
    expect(request?.toolCall).toMatchObject({
      toolName: 'billing.refund_invoice',
      input: { invoiceId: 'INV-7' },
    });
    const second = await run(kind, [[]], { tools: below(log), messages: answered(first, true) });
    expect(log).toEqual(['refund INV-7']);
    expect(second.modelOutcomes.r1).toMatchObject({ ok: true, toolName: 'billing.refund_invoice' });
    // Denied on either side, it never runs.
    const denied = await run(kind, [[]], { tools: below(log), messages: answered(first, false) });
    expect(log).toEqual(['refund INV-7']);
    expect(denied.modelOutcomes.r1).toMatchObject({ ok: false });
  });

  it('stops for a client-side tool called through tool_call, and reads the answer the browser gives', async () => {
    const log: string[] = [];
    const call: Call = [
      'c1',
      'tool_call',
      { name: 'ui__confirm_address', arguments: { customer: 'acme' } },
    ];
    const first = await run(kind, [[call], []], { tools: above(log) });
    expect(first.steps).toHaveLength(1);
    expect(first.content).toContainEqual(
      expect.objectContaining({
        type: 'tool-call',
        toolName: 'ui.confirm_address',
        input: { customer: 'acme' },
      }),
    );
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Check the address.' },
      ...first.responseMessages,
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'ui.confirm_address',
            output: { type: 'json', value: { confirmed: true } },
          },
        ],
      },
    ];
    const second = await run(kind, [[]], { tools: above(log), messages });
    expect(second.modelOutcomes.c1).toEqual({
      ok: true,
      toolName: 'ui__confirm_address',
      value: { confirmed: true },
    });
  });

  it('forces a deferred tool named by toolChoice, sending its definition for that step', async () => {
    const log: string[] = [];
    const result = await run(kind, [[['b1', 'ledger__balance', { account: 'acme' }]], []], {
      tools: above(log),
      toolChoice: { type: 'tool', toolName: 'ledger.balance' },
      stopWhen: () => true,
    });
    expect(result.sent[0]?.toolChoice).toEqual({ type: 'tool', toolName: 'ledger__balance' });
    expect(result.sent[0]?.tools?.map((sent) => sent.name)).toContain('ledger__balance');
    // A class-based tool keeps its `this`.
    expect(log).toEqual(['ledger acme']);
    expect(result.outcomes.b1).toEqual({
      ok: true,
      toolName: 'ledger.balance',
      value: { balance: 120 },
    });
  });
});
