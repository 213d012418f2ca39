export { type ReadToolPartResult, readToolPart } from './read-tool-part.js';
