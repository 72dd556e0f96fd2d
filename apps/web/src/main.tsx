import { present } from "@taller/core";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { router } from "./routes/router";
import { SnackbarProvider } from "./ui/snackbar";
import { applyTheme, rememberedTheme } from "./ui/themes";
import "./ui/base.css";
import "./ui/ui.css";

// Paint in the theme this device used last; the shell switches to the user's own once it is known.
applyTheme(rememberedTheme());

createRoot(present(document.getElementById("root"), "#root in index.html")).render(
  <StrictMode>
    <SnackbarProvider>
      <RouterProvider router={router} />
    </SnackbarProvider>
  </StrictMode>,
);
