// Replaced at run time by the UI server with the deployment's settings (see stack/src/ui-server).
window.__BUILDING_CONFIG__ = {};
