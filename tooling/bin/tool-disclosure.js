#!/usr/bin/env node
// The command, as built by `npm run build` (dist/cli/main.js runs it on import).
import '../dist/cli/main.js';
