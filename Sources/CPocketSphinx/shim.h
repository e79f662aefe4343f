#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <sphinxbase/jsgf.h>
#include <sphinxbase/fsg_model.h>

#include <stdarg.h>
#include <stdio.h>

/// Receives one formatted sphinxbase log message.
typedef void (*incant_sphinx_log_sink_t)(int level, const char *message);

/* sphinxbase's log callback is variadic, which Swift cannot implement: format here and
   hand the text to a plain function. Only warnings and errors are forwarded. */
static void incant_sphinx_log_forward(void *user_data, err_lvl_t level, const char *format, ...) {
    if (level < ERR_WARN || format == NULL) {
        return;
    }
    char text[1024];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(text, sizeof text, format, arguments);
    va_end(arguments);
    ((incant_sphinx_log_sink_t)user_data)((int)level, text);
}

/// Sends sphinxbase's (process-wide) log to `sink` instead of stderr, and silences the
/// configuration dump that sphinxbase writes straight to its log file.
static inline void incant_sphinx_set_log_sink(incant_sphinx_log_sink_t sink) {
    err_set_logfp(NULL);
    err_set_callback(incant_sphinx_log_forward, (void *)sink);
}
