import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { median } from './percentile.js';
import { roundTo as round } from './round-to.js';

const execFileAsync = promisify(execFile);

/** Median time to import the built package in a fresh Node.js process. */
export async function measureImport(entry: string, times: number): Promise<number> {
  const script = `const start = performance.now(); await import(${JSON.stringify(pathToFileURL(entry).href)}); console.log(performance.now() - start);`;
  const samples: number[] = [];
  for (let sample = 0; sample < times; sample++) {
    const { stdout } = await execFileAsync(process.execPath, ['--input-type=module', '-e', script]);
    samples.push(Number(stdout.trim()));
  }
  return round(median(samples), 1);
}
