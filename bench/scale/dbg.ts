import pg from 'pg';
import { generate } from './generate.ts';
const client = new pg.Client('postgres://postgres@127.0.0.1:5432/test_scale');
await client.connect();
await fetch('http://127.0.0.1:5082/api/auth/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'hash-donor@scale.bench', password: 'scale-horse-battery-staple', name: 'Hash Donor' }) });
const hash = (await client.query("select password_hash from users where email = 'hash-donor@scale.bench'")).rows[0].password_hash;
await generate(client, 2, hash, console.log);
await client.end();
