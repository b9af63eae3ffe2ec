#!/usr/bin/env node
// `cgm-publish-manifest write` in prepack, `restore` in postpack, `check-publisher` in
// prepublishOnly (see index.js).
import { publisherProblem, restoreWorkspaceManifest, writePublishedManifest } from './index.js';

const [command] = process.argv.slice(2);
if (command === 'write') writePublishedManifest(process.cwd());
else if (command === 'restore') restoreWorkspaceManifest(process.cwd());
else if (command === 'check-publisher') {
  const problem = publisherProblem(process.env.npm_config_user_agent);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
} else {
  console.error('usage: cgm-publish-manifest write|restore|check-publisher');
  process.exit(2);
}
