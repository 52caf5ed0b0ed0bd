// The face of modules/demo: what other modules and the flows may import.
export { loadDemoData } from './seed.js';
