'use client';

import { useChat } from '@ai-sdk/react';
import {
  DefaultChatTransport,
  type DynamicToolUIPart,
  getToolName,
  isToolUIPart,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  type ToolUIPart,
} from 'ai';
import { useState } from 'react';

type ToolPart = ToolUIPart | DynamicToolUIPart;
type Approve = ReturnType<typeof useChat>['addToolApprovalResponse'];

/**
 * The real tool of a part. A bridged call (`tool-tool_call`) names it in its input, and so does a
 * direct call of a deferred tool once it is routed; until then its input streams under the name
 * the model wrote.
 */
function realTool(part: ToolPart): { name: string; args: unknown } {
  const name = getToolName(part);
  const input = part.input;
  if (name !== 'tool_call' || typeof input !== 'object' || input === null) {
    return { name, args: input };
  }
  // While the input streams, `name` may be missing or partial.
  return {
    name: 'name' in input && typeof input.name === 'string' ? input.name : 'tool_call',
    args: 'arguments' in input ? input.arguments : undefined,
  };
}

function ToolCall({ part, approve }: { part: ToolPart; approve: Approve }) {
  const { name, args } = realTool(part);
  const discovery = name === 'tool_search' || name === 'tool_describe';
  return (
    <div className={discovery ? 'tool discovery' : 'tool'} data-tool={name} data-state={part.state}>
      <strong>{name}</strong> <code>{JSON.stringify(args)}</code>
      {part.state === 'input-streaming' && <p>Writing the call…</p>}
      {part.state === 'input-available' && <p>Running…</p>}
      {part.state === 'approval-requested' && (
        <p>
          <button type="button" onClick={() => approve({ id: part.approval.id, approved: true })}>
            Approve
          </button>
          <button type="button" onClick={() => approve({ id: part.approval.id, approved: false })}>
            Deny
          </button>
        </p>
      )}
      {part.state === 'approval-responded' && (
        <p>{part.approval.approved ? 'Approved, running…' : 'Denied, telling the model…'}</p>
      )}
      {part.state === 'output-available' && !discovery && (
        <pre>{JSON.stringify(part.output, null, 2)}</pre>
      )}
      {part.state === 'output-error' && <p role="alert">{part.errorText}</p>}
      {part.state === 'output-denied' && (
        <p>Denied{part.approval.reason ? `: ${part.approval.reason}` : '.'}</p>
      )}
    </div>
  );
}

export function Chat({ api }: { api: string }) {
  const [input, setInput] = useState('');
  const { messages, sendMessage, addToolApprovalResponse, status, error } = useChat({
    transport: new DefaultChatTransport({ api }),
    // Once every approval of the last message is answered, send it back: the server then runs
    // the approved calls (and tells the model of the denied ones) and the model goes on.
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });
  return (
    <main>
      {messages.map((message) => (
        <div key={message.id} data-role={message.role}>
          {message.parts.map((part, index) =>
            part.type === 'text' ? (
              <p key={index}>{part.text}</p>
            ) : isToolUIPart(part) ? (
              <ToolCall key={part.toolCallId} part={part} approve={addToolApprovalResponse} />
            ) : null,
          )}
        </div>
      ))}
      {error && <p role="alert">{error.message}</p>}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (input.trim() === '') return;
          sendMessage({ text: input });
          setInput('');
        }}
      >
        <input
          value={input}
          placeholder="Refund invoice INV-1042 · Find contact Ada Lovelace · Email Ada"
          onChange={(event) => setInput(event.target.value)}
          disabled={status === 'submitted' || status === 'streaming'}
        />
      </form>
    </main>
  );
}
