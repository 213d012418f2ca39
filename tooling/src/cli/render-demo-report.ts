import { isRecord } from 'tool-disclosure/util';
import type { DemoStep } from './describe-demo-step.js';

/** What `tool-disclosure demo` prints: as JSON with `--json`, else rendered by `renderDemoReport`. */
export interface DemoReport {
  task: string;
  model: string;
  mode: string;
  /** `sources`: tools from --catalog, --mcp, --mcp-url and --tools, when any. */
  catalog: { tools: number; corpus: number; distractors: number; sources?: number };
  advertised: { name: string; tokens: number }[];
  tokens: { full: number; advertised: number; times_fewer: number | null };
  advertised_identical_on_every_step: boolean;
  steps: DemoStep[];
  text: string;
  event_created: boolean;
}

const width = 100;

/** The demo's report as text for a terminal: the advertised tools, then each step, then the outcome. */
export function renderDemoReport(report: DemoReport): string {
  const { tokens, catalog } = report;
  const nameWidth = Math.max(...report.advertised.map((tool) => tool.name.length), 5);
  const numberWidth = count(tokens.advertised).length;
  const share = tokens.full === 0 ? 100 : (100 * tokens.advertised) / tokens.full;
  const lines = [
    'tool-disclosure demo',
    ...wrap(`task:    ${report.task}`, '         '),
    `model:   ${report.model === 'scripted' ? 'scripted agent (no OPENAI_API_KEY or no --model openai:MODEL)' : report.model}`,
    `catalog: ${count(catalog.tools)} tools (${catalog.corpus} from the judged corpus + ${catalog.distractors} distractors${catalog.sources === undefined ? '' : ` + ${catalog.sources} from your sources`}), mode ${report.mode}`,
    '',
    'Advertised to the model:',
    ...report.advertised.map(
      (tool) =>
        `  ${tool.name.padEnd(nameWidth)}  ${count(tool.tokens).padStart(numberWidth)} tokens`,
    ),
    `  ${'total'.padEnd(nameWidth)}  ${count(tokens.advertised).padStart(numberWidth)} tokens, against ${count(tokens.full)} for all ${count(catalog.tools)} tools (${share.toFixed(1)}%, ${tokens.times_fewer}x fewer)`,
    '',
  ];
  for (const step of report.steps) {
    const label = `Step ${step.number}`.padEnd(8);
    const pad = ' '.repeat(label.length);
    if (step.tool_calls.length === 0) {
      lines.push(...wrap(`${label}answer: ${step.text}`, pad));
      continue;
    }
    for (const [index, toolCall] of step.tool_calls.entries()) {
      const head = index === 0 ? label : pad;
      if (toolCall.real_tool !== undefined) {
        // The call as the model made it, then as the app saw it: a call of its own tool.
        lines.push(`${head}${toolCall.tool} -> ${toolCall.real_tool}`);
        lines.push(
          ...wrap(
            `${pad}the app saw: ${toolCall.real_tool} ${abbreviate(toolCall.arguments, 240)}`,
            `${pad}  `,
          ),
        );
      } else {
        lines.push(
          `${head}${toolCall.tool}  ${abbreviate(toolCall.input, width - 12 - toolCall.tool.length)}`,
        );
      }
      if (toolCall.error !== undefined) {
        lines.push(...wrap(`${pad}error: ${toolCall.error}`, `${pad}       `));
      } else if (toolCall.tool === 'tool_search') {
        const results =
          isRecord(toolCall.output) && Array.isArray(toolCall.output.results)
            ? toolCall.output.results.filter(isRecord).map((result) => String(result.name))
            : [];
        const shown = results.slice(0, 5).join(', ');
        const more = results.length > 5 ? `, … (${results.length} results)` : '';
        lines.push(
          ...wrap(
            `${pad}found: ${results.length === 0 ? 'nothing' : `${shown}${more}`}`,
            `${pad}       `,
          ),
        );
      } else if (toolCall.real_tool !== undefined) {
        lines.push(`${pad}${toolCall.real_tool} returned:`);
        lines.push(...jsonBlock(toolCall.output, `${pad}  `));
      } else {
        lines.push(`${pad}returned: ${abbreviate(toolCall.output, width - 20)}`);
      }
    }
    if (step.text !== '') lines.push(...wrap(`${pad}text: ${step.text}`, pad));
  }
  const hashes = new Set(report.steps.map((step) => step.advertised_hash));
  const reached = report.steps.some((step) =>
    step.tool_calls.some((toolCall) => toolCall.real_tool !== undefined),
  );
  lines.push(
    '',
    ...(reached
      ? wrap(
          'tool_call -> tool: the model called the tool through tool_call; the app saw, and ran, ' +
            'a call of the tool itself (in its steps, callbacks and streams).',
          '',
        )
      : []),
    report.advertised_identical_on_every_step
      ? `The tools sent to the model were identical on all ${report.steps.length} steps (hash ${[...hashes][0]?.slice(0, 12)}).`
      : `The tools sent to the model changed between steps (${hashes.size} different sets).`,
    report.event_created ? 'The calendar event was created.' : 'No calendar event was created.',
  );
  return lines.join('\n');
}

/** Compact JSON, cut with an ellipsis past `max` characters. */
function abbreviate(value: unknown, max: number): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length <= Math.max(max, 40) ? text : `${text.slice(0, Math.max(max, 40) - 1)}…`;
}

/** Indented JSON with long lines wrapped, at most 30 lines. */
function jsonBlock(value: unknown, indent: string): string[] {
  const lines = (JSON.stringify(value, null, 2) ?? 'undefined')
    .split('\n')
    .flatMap((line) => wrap(`${indent}${line}`, `${indent}${' '.repeat(line.search(/\S|$/) + 2)}`));
  return lines.length <= 30
    ? lines
    : [...lines.slice(0, 29), `${indent}… (${lines.length - 29} more lines)`];
}

/** Wraps a line at spaces to the terminal width; continuation lines start with `indent`. */
function wrap(line: string, indent: string): string[] {
  const lines: string[] = [];
  let rest = line;
  while (rest.length > width) {
    const space = rest.lastIndexOf(' ', width);
    // Words longer than a line (compact JSON) are cut where the line ends.
    const cut = space > indent.length ? space : width;
    lines.push(rest.slice(0, cut));
    rest = `${indent}${rest.slice(space > indent.length ? cut + 1 : cut)}`;
  }
  lines.push(rest);
  return lines;
}

/** A number with thousands separators. */
function count(value: number): string {
  return value.toLocaleString('en-US');
}
