// Preloaded (node --import) into servers profiled with --cpu-prof: node writes the profile only
// on a normal exit, so SIGTERM must exit normally.
process.on("SIGTERM", () => process.exit(0));
