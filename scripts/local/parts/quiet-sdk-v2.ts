// Imported first by cognito.ts: cognito-local still loads the AWS SDK v2, which prints an
// end-of-support notice on load unless this is set. Nothing here uses the v2 SDK otherwise.
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
