// The PostgreSQL server every bench creates its databases on (read here, with the command-line tools, not by the
// library): the tests' own, else the local one.
export const BENCH_SERVER_URL =
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
