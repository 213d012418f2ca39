/** Where a command writes and what environment it reads; injectable for tests. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  environment: Record<string, string | undefined>;
}
