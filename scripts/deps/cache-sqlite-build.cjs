/**
 * better-sqlite3 installs through prebuild-install, which downloads a prebuilt binary from GitHub
 * (unreachable from here, so the install compiles SQLite: a minute of CPU on every fresh clone).
 * Before downloading, prebuild-install looks for that archive in npm's cache
 * (`<npm cache>/_prebuilds/`). This leaves the binary just compiled there, under the name
 * prebuild-install itself derives from the version, Node's ABI, the platform and the
 * architecture, so that the next install on this machine unpacks it instead of compiling.
 * Run by scripts/ensure-node-deps.sh after an install; does nothing when the archive exists.
 */
const { execFileSync } = require("node:child_process");
const { existsSync, mkdirSync, renameSync } = require("node:fs");
const { dirname, join } = require("node:path");

const moduleDir = dirname(require.resolve("better-sqlite3/package.json"));
const fromModule = (name) => require(require.resolve(name, { paths: [moduleDir] }));
const pkg = require("better-sqlite3/package.json");
const util = fromModule("prebuild-install/util");
// As prebuild-install's own command line builds its options (node_modules/prebuild-install/bin.js).
const options = { ...fromModule("prebuild-install/rc")(pkg), pkg };
const archive = util.cachedPrebuild(util.getDownloadUrl(options));
const binary = "build/Release/better_sqlite3.node";

if (!existsSync(archive) && existsSync(join(moduleDir, binary))) {
  mkdirSync(dirname(archive), { recursive: true });
  const partial = `${archive}.${process.pid}.tmp`;
  execFileSync("tar", ["-czf", partial, "-C", moduleDir, binary]);
  renameSync(partial, archive);
  console.log(`better-sqlite3 : binaire compilé mis en cache (${archive})`);
}
