// A vitest reporter that closes the run with its ten slowest test files (import and collection plus
// tests and hooks), so a file that grows slow is seen in every run's output, CI's included.
const SHOWN = 10;

export default class SlowestTestFiles {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules) {
    const timed = testModules
      .map((module) => {
        const diagnostic = module.diagnostic();
        return {
          file: module.moduleId.startsWith(this.root) ? module.moduleId.slice(this.root.length + 1) : module.moduleId,
          project: module.project.name,
          seconds: (diagnostic.collectDuration + diagnostic.duration) / 1000,
        };
      })
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SHOWN);
    if (timed.length === 0) return;
    const lines = timed.map(
      ({ file, project, seconds }) => `  ${seconds.toFixed(1).padStart(6)} s  ${project.padEnd(9)} ${file}`,
    );
    console.log(`\nThe ${timed.length} slowest test files:\n${lines.join('\n')}\n`);
  }
}
