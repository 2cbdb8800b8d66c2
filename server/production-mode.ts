// The build is a production build, and React and the router pick their production code by
// NODE_ENV when they are first loaded. Imported first by server/main.ts, so it is set before any
// module that might load React is evaluated.
process.env.NODE_ENV ??= "production";
