// The Node flags the server runs with, wherever it is started (npm start, the benches).
//
// --max-semi-space-size=64: a young generation of 64 MB semi-spaces instead of 16. Under load
// the collector holds each report's parsed body and rows across its group's database round
// trip; with the default, many of them outlived two scavenges and were promoted to the old
// generation, whose collections took a fifth of the server's CPU. Measured in bench/README.md
// ("Ingest throughput"): server CPU per report 1.25 → 1.00 ms on PostgreSQL. It costs up to
// 144 MB more memory (the young generation is three semi-spaces) when the load needs it.
export const serverNodeFlags = ['--max-semi-space-size=64'];
