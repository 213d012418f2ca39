/** One object of each class handed to `keepHiddenClass`, kept for the life of the process. */
const kept: object[] = [];

/**
 * Keeps `instance`, and so its hidden class, alive for the life of the
 * process. V8 lets a hidden class go at a full collection when no object has
 * it, and throws away the optimized code of every method compiled for it: an
 * index build's numbering objects all die with the build, so each build after
 * a collection ran its hottest loops unoptimized while V8 compiled them again
 * (`--trace-deopt`: "weak objects", every build). With one object kept, later
 * objects of the class take the same hidden class and the code stays.
 *
 * @example
 * keepHiddenClass(new GrowingFieldTermNumbering(0));
 */
export function keepHiddenClass<OBJECT extends object>(instance: OBJECT): OBJECT {
  kept.push(instance);
  return instance;
}
