import { bridgeToolDefinitions, type ToolWireDefinition } from './bridge-tool-definitions.js';
import { definitionJson } from './definition-json.js';
import { estimateTokens, type TokenCounter } from './estimate-tokens.js';

/**
 * The three bridge tools (no core tools, no pins) never count more tokens than
 * this, at any catalog size and namespace count: the `tool_search`
 * description is cut to fit.
 */
export const SURFACE_TOKEN_BUDGET = 1500;

/**
 * Tokens held back from the budget when the built-in estimate counts, for its
 * error: within ±5% on catalog headers, up to 7% below the real count on
 * headers of unusual names (user names such as `nguyenvulebinh`).
 */
export const ESTIMATE_TOKEN_RESERVE = 125;

/**
 * Whether the bridges fit the surface budget with this `tool_search`
 * description, each definition counted as compact JSON, as it is priced.
 *
 * @param countTokens The disclosure's counter; the built-in estimate gets the reserve.
 * @param surfaceTokens A smaller budget (the `small` header budget). @default SURFACE_TOKEN_BUDGET
 */
export function fitsSurfaceBudget(
  countTokens: TokenCounter = estimateTokens,
  surfaceTokens: number = SURFACE_TOKEN_BUDGET,
): (toolSearchDescription: string) => boolean {
  const [toolSearch, ...others] = bridgeToolDefinitions('') as readonly ToolWireDefinition[];
  const budget = surfaceTokens - (countTokens === estimateTokens ? ESTIMATE_TOKEN_RESERVE : 0);
  let fixed: number | undefined;
  return (description) => {
    fixed ??= others.reduce((sum, tool) => sum + countTokens(definitionJson(tool)), 0);
    const search = { ...(toolSearch as ToolWireDefinition), description };
    return fixed + countTokens(definitionJson(search)) <= budget;
  };
}
