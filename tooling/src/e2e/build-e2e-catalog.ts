import type { ToolDefinition } from 'tool-disclosure/catalog';
import { createGlobMatcher } from 'tool-disclosure/catalog';
import { padWithDistractors } from '../eval/generate-distractors.js';
import { candidateNames, type E2eTask } from './e2e-tasks.js';

/**
 * The catalog of one e2e size, of exactly `size` tools. Above the judged
 * corpus's size it is padded with the deterministic distractors. Below it the
 * corpus tools no task needs are left out, the last ones in corpus order
 * first; every task's candidates and every denied tool stay, since the
 * denied-but-relevant scenario measures nothing without the denied tools.
 *
 * @throws RangeError when `size` cannot hold those tools; the message names the smallest size that can.
 *
 * @example
 * buildE2eCatalog({ tools: corpus.tools, tasks: E2E_TASKS, policy: E2E_POLICY, size: 100 }).length; // 100
 */
export function buildE2eCatalog({
  tools,
  tasks,
  policy,
  size,
}: {
  tools: readonly ToolDefinition[];
  tasks: readonly E2eTask[];
  policy: { deny: readonly string[] };
  size: number;
}): ToolDefinition[] {
  if (size >= tools.length) return padWithDistractors(tools, size);
  const isDenied = createGlobMatcher(policy.deny, 'policy.deny');
  const needed = new Set(tasks.flatMap((task) => task.stages.flatMap(candidateNames)));
  const isRequired = (tool: ToolDefinition) =>
    needed.has(tool.name) || isDenied(tool.capability_id ?? tool.name);
  const required = tools.filter(isRequired).length;
  if (size < required) {
    throw new RangeError(
      `${size} tools cannot hold the ${required} the judged tasks need (their tools and the denied ones); the smallest size is ${required}`,
    );
  }
  let optional = size - required;
  return tools.filter((tool) => {
    if (isRequired(tool)) return true;
    if (optional === 0) return false;
    optional -= 1;
    return true;
  });
}
