// The import graph (issue 29): `npm run check:imports`, run by .ci/run after lint, over the build of
// both packages: the library (dist/) and the tooling (tooling/dist/).
// Data flows one way, so each library folder imports only folders on its own layer or below.
// The tooling (@tool-disclosure/tooling: cli, eval, bench, e2e, report, the hybrid and comparison
// rankers) imports the library only as a package, through the subpaths its package.json exports;
// the library never imports the tooling. Tests are not built, so they are left out.
// It reads tsc's module-per-file emit of the library (the published build bundles it, which would
// hide its folders) and the tooling's build: dependency-cruiser cannot parse TypeScript with
// typescript 7.0 (it needs <7.0 or >=7.1), so type-only imports, erased by the build, are not seen.

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
      comment: 'The library never imports the tools that measure it (tooling/)',
      severity: 'error',
      from: { path: '^dist/' },
      to: { path: '^tooling/' },
    },
    {
      name: 'tooling-through-package-exports',
      comment:
        'The tooling reaches the library as an installed package (tool-disclosure/<subpath>), never by a path into it',
      severity: 'error',
      from: { path: '^tooling/dist/' },
      to: { path: '^(dist|src)/', dependencyTypes: ['local'] },
    },
    {
      name: 'tooling-only-exported-subpaths',
      comment:
        'An import the package exports cannot resolve (a subpath the library does not export) fails here, as it would for a user',
      severity: 'error',
      from: { path: '^tooling/dist/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // Not includeOnly: an import that cannot resolve must stay in the graph to be reported.
    exclude: { path: '^node_modules/' },
    doNotFollow: { path: 'node_modules' },
    // Resolve `tool-disclosure/<subpath>` through the library's `exports`, as Node does: the
    // workspace links node_modules/tool-disclosure to the root, so it lands in dist/.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import'] },
  },
};
