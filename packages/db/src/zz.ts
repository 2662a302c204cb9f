import { PGlite } from '@electric-sql/pglite';

let t = performance.now();
const a = await PGlite.create();
console.log('create', performance.now() - t);
t = performance.now();
const dump = await a.dumpDataDir('none');
console.log('dump', performance.now() - t, dump.size);
t = performance.now();
const b = await PGlite.create({ loadDataDir: dump });
console.log('load', performance.now() - t);
console.log((await b.query('select 1 as x')).rows);
