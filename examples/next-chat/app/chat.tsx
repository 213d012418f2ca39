'use client';

import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';
import { useState } from 'react';
import { type ReadToolPartResult, readToolPart } from 'tool-disclosure';

type Approve = ReturnType<typeof useChat>['addToolApprovalResponse'];

/**
 * One tool call, under the real tool's name: `readToolPart` reads a call made through
 * `tool_call` (whose input names the tool) and a direct call alike.
 */
function ToolCall({ call, approve }: { call: ReadToolPartResult; approve: Approve }) {
  // While a call's input streams, its tool's name may still be missing.
  const name = call.toolName ?? 'tool';
  return (
    <div
      className={call.discovery ? 'tool discovery' : 'tool'}
      data-tool={name}
      data-state={call.state}
    >
      <strong>{name}</strong> <code>{JSON.stringify(call.arguments)}</code>
      {call.state === 'input-streaming' && <p>Writing the call…</p>}
      {call.state === 'input-available' && <p>Running…</p>}
      {call.state === 'approval-requested' && (
        <p>
          <button type="button" onClick={() => approve({ id: call.approval.id, approved: true })}>
            Approve
          </button>
          <button type="button" onClick={() => approve({ id: call.approval.id, approved: false })}>
            Deny
          </button>
        </p>
      )}
      {call.state === 'approval-responded' && (
        <p>{call.approval.approved ? 'Approved, running…' : 'Denied, telling the model…'}</p>
      )}
      {call.state === 'output-available' && !call.discovery && (
        <pre>{JSON.stringify(call.output, null, 2)}</pre>
      )}
      {call.state === 'output-error' && <p role="alert">{call.errorText}</p>}
      {call.state === 'output-denied' && (
        <p>Denied{call.approval.reason ? `: ${call.approval.reason}` : '.'}</p>
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
          {message.parts.map((part, index) => {
            if (part.type === 'text') return <p key={index}>{part.text}</p>;
            const call = readToolPart(part);
            return call === undefined ? null : (
              <ToolCall key={call.toolCallId} call={call} approve={addToolApprovalResponse} />
            );
          })}
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
