import type { ToolSet } from 'ai';
import type { ToolDefinition } from 'tool-disclosure/catalog';
import { createSeededRandom } from 'tool-disclosure/util';
import { createBenchTools } from './create-bench-tools.js';

/**
 * The catalog as AI SDK tools whose every call answers 1–2 KB of JSON that
 * depends only on the tool's name and the call id: what real tools return,
 * so the history grows as it does in a long agent run.
 */
export function createSizedResultTools(definitions: readonly ToolDefinition[]): ToolSet {
  return createBenchTools(definitions, sizedResult);
}

const words = [
  'account',
  'invoice',
  'shipment',
  'pending',
  'approved',
  'customer',
  'priority',
  'region',
  'north',
  'south',
  'renewal',
  'contract',
  'backlog',
  'review',
  'ticket',
  'escalated',
  'resolved',
  'warehouse',
  'order',
  'refund',
  'quarterly',
  'forecast',
  'segment',
  'enterprise',
  'trial',
];
const statuses = ['open', 'closed', 'pending', 'on_hold', 'escalated'];

/** 1,024–2,047 bytes of JSON, deterministic in `name` and `callId`. */
export function sizedResult(name: string, callId: string): Record<string, unknown> {
  const random = createSeededRandom(fnv1a(`${name}:${callId}`));
  const target = 1024 + Math.floor(random() * 1000);
  const items: Record<string, unknown>[] = [];
  const result: Record<string, unknown> = { source: name, request: callId, items };
  while (JSON.stringify(result).length < target - 150) {
    const index = items.length + 1;
    const title = Array.from(
      { length: 3 + Math.floor(random() * 3) },
      () => words[Math.floor(random() * words.length)],
    ).join(' ');
    items.push({
      id: `${callId}-${index}`,
      title,
      status: statuses[Math.floor(random() * statuses.length)],
      amount: Math.round(random() * 1_000_000) / 100,
      updated: `2026-0${1 + Math.floor(random() * 9)}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
    });
  }
  result.total = items.length;
  return result;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
