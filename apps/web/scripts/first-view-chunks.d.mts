/** The environment variable naming the plan (a JSON file) for the second build. */
export declare const FIRST_VIEW_PLAN_ENV: string;
/** The chunk each module of a first view goes to, from the output of a build without this group. */
export declare function planFirstViewChunks(output: ReadonlyArray<unknown>, appDir: string): Record<string, string>;
/** The code splitting group's `name` function: the planned chunk of a module, or null without a plan. */
export declare function firstViewChunkName(): (moduleId: string) => string | null;
