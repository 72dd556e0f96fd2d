import { z } from "zod";
import { es } from "zod/locales";

// Every schema of the server and the web app reports in Spanish unless it names its own message: users never see
// zod's English defaults. Both load @taller/core, and zod's configuration is global to its one module instance.
z.config(es());
