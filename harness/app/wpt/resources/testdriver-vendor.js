// Stub of the WPT harness script /resources/testdriver-vendor.js: Sightline's conformance test reads the rendered page, it runs no WPT assertions.
