// The library's import graph (issue 29): `npm run check:imports`, run by .ci/run after lint.
// Data flows one way, so each library folder imports only folders on its own layer or below.
// The tooling (cli, eval, bench, e2e, report and the hybrid ranker) may import the library;
// the library never imports the tooling. Tests are not built, so they are left out: they may
// use the tooling to measure what they test.
// It reads the build (dist/), as the package runs: dependency-cruiser cannot parse TypeScript
// with typescript 7.0 (it needs <7.0 or >=7.1), so type-only imports, erased by the build, are
// not seen.

/** Library folders, lowest first; a folder may import its own layer and the ones before it. */
const LAYERS = [
  ['util', 'error', 'cache'],
  ['catalog'],
  ['search', 'vectors'],
  ['disclosure'],
  ['bridge'],
  ['wrap'],
  ['mcp', 'ui'],
];
const TOOLING = ['cli', 'eval', 'bench', 'e2e', 'report', 'hybrid'];

const folders = (names) => `^dist/(${names.join('|')})/`;

const layerRules = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `no-import-up-from-${layer.join('-')}`,
  comment: `${layer.join(', ')} sit below ${LAYERS.slice(index + 1)
    .flat()
    .join(', ')} in the data flow`,
  severity: 'error',
  from: { path: folders(layer) },
  to: { path: folders(LAYERS.slice(index + 1).flat()) },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-import-loop',
      comment:
        'Modules that import each other, directly or through others, cannot be read in order',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'no-library-to-tooling',
      comment: 'The library never imports the tools that measure it',
      severity: 'error',
      // Until issue 29's package split moves the list of comparison rankers to the tooling.
      from: { path: folders(LAYERS.flat()), pathNot: '^dist/search/rankers\\.js$' },
      to: { path: folders(TOOLING) },
    },
  ],
  options: {
    includeOnly: '^dist/',
    doNotFollow: { path: 'node_modules' },
  },
};
