/** An approval answer found in a conversation: the call it answered, and whether it was approved. */
export interface ApprovalAnswer {
  /** The tool the call named: `tool_call`'s input `name`, or the direct call's tool name. */
  readonly name: unknown;
  readonly approved: boolean;
}

/**
 * The approval answers in `messages` (the `tool-approval-response` parts a
 * request resumes with), each with the call its request was for.
 */
export function readApprovalAnswers(messages: unknown): ApprovalAnswer[] {
  if (!Array.isArray(messages)) return [];
  const calls = new Map<string, unknown>();
  const requests = new Map<string, string>();
  const answers: { approvalId: string; approved: boolean }[] = [];
  for (const message of messages) {
    const content: unknown = (message as { content?: unknown } | null)?.content;
    if (!Array.isArray(content)) continue;
    for (const part of content) {
      const { type, toolCallId, toolName, input, approvalId, approved } = (part ?? {}) as Record<
        string,
        unknown
      >;
      if (type === 'tool-call' && typeof toolCallId === 'string') {
        const name =
          toolName === 'tool_call' ? (input as { name?: unknown } | null)?.name : toolName;
        calls.set(toolCallId, name);
      } else if (
        type === 'tool-approval-request' &&
        typeof approvalId === 'string' &&
        typeof toolCallId === 'string'
      ) {
        requests.set(approvalId, toolCallId);
      } else if (type === 'tool-approval-response' && typeof approvalId === 'string') {
        answers.push({ approvalId, approved: approved === true });
      }
    }
  }
  return answers.map(({ approvalId, approved }) => {
    const toolCallId = requests.get(approvalId);
    return { name: toolCallId === undefined ? undefined : calls.get(toolCallId), approved };
  });
}
