export {
  computeE2eRolloutGates,
  E2E_ROLLOUT_GATES,
  type E2eRolloutGate,
  type E2eRolloutGateName,
} from './compute-e2e-rollout-gates.js';
export type { E2eAggregate, E2eReport, E2eSpread } from './e2e-report.js';
export { InvalidReportError } from './invalid-report-error.js';
export { type ParsedReport, parseReport } from './parse-report.js';
export { renderBenchReport, TOKENS_BY_SIZE_CHART } from './render-bench-report.js';
export { costChartFileName } from './render-cost-model.js';
export { costPerTaskChartFileName } from './render-cost-per-task.js';
export { COMPLETION_BY_ARM_CHART, renderE2eReport } from './render-e2e-report.js';
export type { RenderedReport } from './rendered-report.js';
export { type BarGroup, renderSvgBarChart, type SvgBarChartOptions } from './svg-bar-chart.js';
export { type LineSeries, renderSvgLineChart, type SvgLineChartOptions } from './svg-line-chart.js';
