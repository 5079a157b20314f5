// Runs one scenario of tests/firmware/scenarios.py under the real MicroPython interpreter (the
// official WebAssembly port, from the npm registry), for tests/firmware/runtimes.py.
//
//   node micropython_host.mjs PACKAGE_DIR FIRMWARE_DIR TESTS_DIR SCENARIO ARGS_JSON
//
// The firmware's modules, the `machine` stand-in (as machine.py) and the scenarios are written
// into the interpreter's file system; the scenario's return value is printed as one JSON line
// after "RESULT ". A Python exception is printed to stderr and the exit status is 1.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [packageDir, firmwareDir, testsDir, scenario, args] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(join(packageDir, "micropython.mjs")).href);
const mp = await loadMicroPython({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
for (const name of readdirSync(firmwareDir).filter((n) => n.endsWith(".py") && n !== "main.py")) {
  mp.FS.writeFile("/" + name, readFileSync(join(firmwareDir, name)));
}
mp.FS.writeFile("/machine.py", readFileSync(join(testsDir, "machine_standin.py")));
mp.FS.writeFile("/scenarios.py", readFileSync(join(testsDir, "scenarios.py")));
mp.globals.set("SCENARIO", scenario);
mp.globals.set("ARGS", args);
try {
  mp.runPython(
    "import json, scenarios\n" +
    "print('RESULT ' + json.dumps(getattr(scenarios, SCENARIO)(*json.loads(ARGS))))\n",
  );
} catch (error) {
  process.stderr.write(String(error.message) + "\n");
  process.exit(1);
}
