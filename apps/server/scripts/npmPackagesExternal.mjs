/** An esbuild plugin: every bare import but our own workspace packages (and node: built-ins) is left to Node at run time. */
export const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@quizbeam/') ? undefined : { path: args.path, external: true },
    );
  },
};
