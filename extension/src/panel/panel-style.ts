// The panel's styles, inside its shadow root: the page's styles do not reach it, nor its the page.
export const PANEL_STYLE = `
:host { all: initial; }
section { position: fixed; right: 16px; bottom: 16px; z-index: 2147483647; width: 300px; max-height: 70vh; overflow: auto;
  box-sizing: border-box; padding: 12px; background: #fff; color: #212529; border: 1px solid #ced4da; border-radius: 8px;
  box-shadow: 0 4px 16px rgba(0,0,0,.15); font: 13px/1.4 system-ui, sans-serif; }
h2 { margin: 0 0 8px; font-size: 14px; color: #1c7ed6; }
dl { margin: 0 0 8px; display: grid; grid-template-columns: auto 1fr; gap: 2px 8px; }
dt { color: #868e96; } dd { margin: 0; overflow-wrap: anywhere; }
label { display: block; margin-top: 6px; }
select, button { display: block; width: 100%; margin-top: 2px; font: inherit; padding: 4px; }
button { margin-top: 8px; cursor: pointer; background: #1c7ed6; color: #fff; border: 0; border-radius: 4px; padding: 6px; }
button:disabled { background: #adb5bd; cursor: default; }
button:focus-visible, select:focus-visible, a:focus-visible { outline: 2px solid #1c7ed6; outline-offset: 2px; }
fieldset { border: 1px solid #dee2e6; border-radius: 4px; margin: 8px 0 0; padding: 4px 8px 8px; }
.status { margin: 8px 0 0; } .problem { color: #c92a2a; } .done { color: #2b8a3e; }
a { color: #1c7ed6; }
`;
