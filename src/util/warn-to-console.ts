/** Where warnings go when the app gives no `onWarning`. */
export function warnToConsole(message: string): void {
  console.warn(`[tool-disclosure] ${message}`);
}
