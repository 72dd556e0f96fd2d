// The PostgreSQL server every bench creates its databases on: the tests' own, else the local one. Read here, beside
// the command-line tools, because the library's modules read no environment (the db package re-exports it).
export const BENCH_SERVER_URL =
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
