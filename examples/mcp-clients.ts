/**
 * Two MCP servers, one namespace each: a local stdio server and a remote one
 * over Streamable HTTP. MCP tool names may contain dots and slashes; the
 * catalog turns them into provider-safe wire names under their namespace.
 *
 * Run: npm run build && GITHUB_TOKEN=... LINEAR_API_KEY=... node --experimental-strip-types examples/mcp-clients.ts
 */
import { createMCPClient } from '@ai-sdk/mcp';
import { StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { isStepCount } from 'ai';
import { generateText } from 'tool-disclosure';

const github = await createMCPClient({
  clientName: 'github',
  transport: new StdioMCPTransport({
    command: 'npx',
    args: ['-y', '@modelcontextprotocol/server-github'],
    env: { GITHUB_PERSONAL_ACCESS_TOKEN: process.env.GITHUB_TOKEN ?? '' },
  }),
});
const linear = await createMCPClient({
  clientName: 'linear',
  transport: {
    type: 'http',
    url: 'https://mcp.linear.app/mcp',
    headers: { Authorization: `Bearer ${process.env.LINEAR_API_KEY ?? ''}` },
  },
});

try {
  const result = await generateText({
    model: 'openai/gpt-5-mini',
    prompt: 'Open a GitHub issue in acme/web for every Linear issue labelled "bug" this week.',
    stopWhen: isStepCount(10),
    toolDisclosure: {
      namespaces: {
        github: {
          description: 'Repositories, issues and pull requests',
          tools: await github.tools(),
        },
        linear: { description: 'Issues, projects and cycles', tools: await linear.tools() },
      },
      policy: { deny: ['github.delete_*', 'github.merge_*'] },
    },
  });
  console.log(result.text);
} finally {
  await Promise.all([github.close(), linear.close()]);
}
