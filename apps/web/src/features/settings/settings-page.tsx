/** Settings (/main/settings, seed 000 section 2.6). The cards are being built; see issue 3. */
export function SettingsPage() {
  return <h1>Configuración</h1>;
}
