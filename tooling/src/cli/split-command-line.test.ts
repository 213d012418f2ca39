import { describe, expect, it } from 'vitest';
import { CliUsageError } from './cli-usage-error.js';
import { splitCommandLine } from './split-command-line.js';

describe('splitCommandLine', () => {
  it('splits at spaces; quotes group and backslashes escape', () => {
    expect(splitCommandLine(`npx -y "a b" 'c "d"' e\\ f`)).toEqual([
      'npx',
      '-y',
      'a b',
      'c "d"',
      'e f',
    ]);
  });

  it('splits at unquoted whitespace', () => {
    expect(splitCommandLine('  npx  server-fs\t/tmp ')).toEqual(['npx', 'server-fs', '/tmp']);
  });

  it('groups quoted words and keeps empty quoted words', () => {
    expect(splitCommandLine(`node "my server.js" --name 'a b' ""`)).toEqual([
      'node',
      'my server.js',
      '--name',
      'a b',
      '',
    ]);
  });

  it('escapes with a backslash outside single quotes only', () => {
    expect(splitCommandLine(String.raw`a\ b "c\"d" 'e\f'`)).toEqual([
      'a b',
      'c"d',
      String.raw`e\f`,
    ]);
  });

  it('refuses an unclosed quote', () => {
    expect(() => splitCommandLine(`node 'server.js`)).toThrow(CliUsageError);
    expect(() => splitCommandLine(`node 'server.js`)).toThrow(
      `unclosed ' in --mcp "node 'server.js"`,
    );
  });
});
