#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <sphinxbase/jsgf.h>
#include <sphinxbase/fsg_model.h>
#include <sphinxbase/fe.h>
#include <sphinxbase/feat.h>
#include <sphinxbase/cmn.h>
#include <stdlib.h>
#include <string.h>

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

/// Decodes `samples` as one whole utterance, like `ps_process_raw(ps, samples, n, 0, 1)`, and
/// records which 10 ms audio frame each frame the search saw came from.
///
/// pocketsphinx's voice activity detector (`-remove_silence`) drops frames it takes for
/// silence before the search, so word segments are numbered in a shortened timeline. Here the
/// front end is fed one frame shift at a time, the same computation `ps_process_raw` makes in
/// one call, and every frame it lets through is matched with the audio frame it was computed
/// from: the frames let through are always the latest ones (the detector's pre-speech buffer
/// holds the frames just before speech began), so a call that returns `n` frames returns the
/// last `n` computed. The kept frames are then searched with `ps_process_cep` as one utterance.
///
/// `kept` must have room for `incant_tracked_capacity(ps, n_samples)` entries; on return
/// `*n_kept` holds how many frames were searched. Returns <0 on failure.
static inline int32_t incant_tracked_capacity(ps_decoder_t *ps, size_t n_samples) {
    int shift = 0, size = 0;
    fe_get_input_size(ps_get_fe(ps), &shift, &size);
    return (int32_t)(n_samples / (size_t)(shift > 0 ? shift : 1)) + 2;
}

/// How many whole frames (of `size` samples, every `shift`) the first `fed` samples hold.
static inline int32_t incant_frames_in(size_t fed, int shift, int size) {
    return fed < (size_t)size ? 0 : 1 + (int32_t)((fed - (size_t)size) / (size_t)shift);
}

/// Subtracts from every one of `rows` the mean of the first `n_mean` (cepstral mean
/// normalisation, as sphinxbase's batch `cmn` computes it when `n_mean` is `n_rows`).
static inline void incant_subtract_mean(mfcc_t **rows, int32_t n_rows, int ncep, int32_t n_mean) {
    mfcc_t mean[64] = {0};
    if (ncep > 64 || n_mean <= 0) return;
    for (int32_t row = 0; row < n_mean; row++)
        for (int i = 0; i < ncep; i++) mean[i] += rows[row][i];
    for (int i = 0; i < ncep; i++) mean[i] /= (mfcc_t)n_mean;
    for (int32_t row = 0; row < n_rows; row++)
        for (int i = 0; i < ncep; i++) rows[row][i] -= mean[i];
}

/// Returned by `incant_process_tracked` when `*stop` was set before the search finished.
#define INCANT_DECODE_STOPPED (-2)

/// Asks a decoding under way in `incant_process_tracked` with this `stop` to end (from any thread).
static inline void incant_stop_request(int32_t *stop) { __atomic_store_n(stop, 1, __ATOMIC_RELAXED); }

/// Whether `incant_stop_request` was called on `stop`.
static inline int32_t incant_stop_requested(const int32_t *stop) { return __atomic_load_n(stop, __ATOMIC_RELAXED); }

/// How many frames the search takes between two looks at `stop` (0.25 s of audio).
#define INCANT_FRAMES_PER_STEP 25

/// Searches the `total` (at least one) frames of `rows`, whose cepstral mean has been
/// subtracted already, as one utterance, a few frames at a time, stopping early (returning
/// `INCANT_DECODE_STOPPED`) once `stop` (may be NULL) is set. The decoder's own normalisation
/// is off meanwhile.
///
/// `rows` must have room for `feat_window_size` more frames: they are filled with copies of
/// the last one. Fed piecewise, the decoder pads the utterance's start itself, but computes a
/// frame's dynamic features only once the frames after it have arrived, and pads the end only
/// when it gets audio at the utterance's end (here it gets none). The copies complete the last
/// real frames' features as a whole-utterance call (`ps_process_cep(…, 1)`) pads them, and are
/// never searched themselves: the features, and so the search, are the same as in one call.
static inline int incant_search_normalized(ps_decoder_t *ps, mfcc_t **rows, int32_t total, int ncep,
                                           const int32_t *stop) {
    feat_t *feat = ps_get_feat(ps);
    int32_t count = total;
    for (int32_t index = 0; index < feat_window_size(feat); index++, count++)
        memcpy(rows[count], rows[total - 1], (size_t)ncep * sizeof(mfcc_t));
    /* Let the feature buffer grow to the utterance (a call that searches nothing turns growth
       on) instead of wrapping around: pocketsphinx's circular buffer loses frames when a
       piecewise utterance wraps around it (a fresh decoder's holds about a second), while a
       whole-utterance call grows it to fit. */
    ps_process_cep(ps, NULL, 0, 1, 0);
    cmn_type_t previous = feat->cmn;
    feat->cmn = CMN_NONE;
    int result = 0;
    for (int32_t done = 0; done < count && result >= 0;) {
        if (stop != NULL && incant_stop_requested(stop)) {
            result = INCANT_DECODE_STOPPED;
            break;
        }
        int32_t step = count - done < INCANT_FRAMES_PER_STEP ? count - done : INCANT_FRAMES_PER_STEP;
        result = ps_process_cep(ps, rows + done, step, 0, 0);
        done += step;
    }
    feat->cmn = previous;
    return result;
}

/// Runs the front end over `samples` one frame shift at a time into `rows` (room for
/// `incant_tracked_capacity(ps, n_samples)` rows), noting in `kept` the audio frame of every
/// row the voice activity detector let through. Returns the number of rows, or <0 on failure.
static inline int32_t incant_front_end_tracked(ps_decoder_t *ps, const int16 *samples, size_t n_samples,
                                               mfcc_t **rows, int32_t *kept) {
    fe_t *fe = ps_get_fe(ps);
    int shift = 0, size = 0;
    fe_get_input_size(fe, &shift, &size);
    int32_t capacity = incant_tracked_capacity(ps, n_samples);
    fe_start_utt(fe);
    int32_t total = 0;
    size_t fed = 0;
    while (fed < n_samples) {
        size_t chunk = n_samples - fed < (size_t)shift ? n_samples - fed : (size_t)shift;
        const int16 *pointer = samples + fed;
        size_t remaining = chunk;
        int32_t frames = capacity - 1 - total;
        if (fe_process_frames(fe, &pointer, &remaining, rows + total, &frames, NULL) < 0) return -1;
        fed += chunk - remaining;
        /* Nothing consumed: the buffer is full (cannot happen with this capacity). */
        if (remaining == chunk && frames == 0) return -1;
        /* Audio frames computed so far, the latest of which are the ones returned. */
        int32_t computed = incant_frames_in(fed, shift, size);
        for (int32_t index = 0; index < frames; index++) kept[total + index] = computed - frames + index;
        total += frames;
    }
    int32_t tail = 0;
    int32_t computed = incant_frames_in(fed, shift, size);
    fe_end_utt(fe, rows[total], &tail);
    if (tail > 0) kept[total++] = computed;
    return total;
}

/// Subtracts the cepstral mean from the `total` `rows` as the decoder's settings ask: the mean
/// of the first `mean_frames` when that is above 0, else the whole utterance's as its batch
/// normalisation computes it. Returns 0 when the settings leave normalisation to the decoder
/// (a running mean, or gain control), which then needs the rows in one whole-utterance call.
static inline int incant_normalize_rows(ps_decoder_t *ps, mfcc_t **rows, int32_t total, int ncep,
                                        int32_t mean_frames) {
    feat_t *feat = ps_get_feat(ps);
    if (total <= 0) return 0;
    if (mean_frames > 0) {
        /* The mean of the first frames, as a listener that decodes while the speaker talks must. */
        incant_subtract_mean(rows, total, ncep, mean_frames < total ? mean_frames : total);
        return 1;
    }
    if (feat->cmn == CMN_BATCH && feat->agc == AGC_NONE) {
        cmn(feat->cmn_struct, rows, feat->varnorm, total);
        return 1;
    }
    return 0;
}

/// Row pointers into `storage`, `count` rows of `ncep` values each (free with `free`).
static inline mfcc_t **incant_row_pointers(mfcc_t *storage, int32_t count, int ncep) {
    mfcc_t **rows = calloc((size_t)(count > 0 ? count : 1), sizeof(mfcc_t *));
    if (rows == NULL) return NULL;
    for (int32_t row = 0; row < count; row++) rows[row] = storage + (size_t)row * (size_t)ncep;
    return rows;
}

/// Returned by `incant_cepstra_tracked` when the decoder's settings do not normalise with a
/// mean it can compute beforehand.
#define INCANT_CEPSTRA_UNNORMALIZED (-3)

/// The frames the search would see for `samples`, already normalised, into `out` (room for
/// `incant_tracked_capacity(ps, n_samples)` rows of `fe_get_output_size` values), their audio
/// frames into `kept`. Returns the number of rows, `INCANT_CEPSTRA_UNNORMALIZED`, or -1.
/// Searching them with `incant_search_rows` is the same as `incant_process_tracked`.
static inline int32_t incant_cepstra_tracked(ps_decoder_t *ps, const int16 *samples, size_t n_samples,
                                             int32_t mean_frames, mfcc_t *out, int32_t *kept) {
    int ncep = fe_get_output_size(ps_get_fe(ps));
    int32_t capacity = incant_tracked_capacity(ps, n_samples);
    mfcc_t **rows = incant_row_pointers(out, capacity, ncep);
    if (rows == NULL) return -1;
    int32_t total = incant_front_end_tracked(ps, samples, n_samples, rows, kept);
    if (total > 0 && !incant_normalize_rows(ps, rows, total, ncep, mean_frames)) total = INCANT_CEPSTRA_UNNORMALIZED;
    free(rows);
    return total;
}

/// Searches `count` (at least one) normalised frames of `ncep` values from `first` as one
/// utterance (see `incant_search_normalized`), leaving them unchanged.
static inline int incant_search_rows(ps_decoder_t *ps, const mfcc_t *first, int32_t count, int ncep,
                                     const int32_t *stop) {
    int32_t allocated = count + feat_window_size(ps_get_feat(ps));
    mfcc_t *storage = malloc((size_t)allocated * (size_t)ncep * sizeof(mfcc_t));
    mfcc_t **rows = storage == NULL ? NULL : incant_row_pointers(storage, allocated, ncep);
    if (rows == NULL) {
        free(storage);
        return -1;
    }
    memcpy(storage, first, (size_t)count * (size_t)ncep * sizeof(mfcc_t));
    int result = incant_search_normalized(ps, rows, count, ncep, stop);
    free(rows);
    free(storage);
    return result;
}

/// `stop` (may be NULL) ends the search early when set: see `incant_search_normalized`.
static inline int incant_process_tracked(ps_decoder_t *ps, const int16 *samples, size_t n_samples,
                                         int32_t mean_frames, const int32_t *stop, int32_t *kept,
                                         int32_t *n_kept) {
    int ncep = fe_get_output_size(ps_get_fe(ps));
    /* Room for the padding of incant_search_normalized after the frames. */
    int32_t allocated = incant_tracked_capacity(ps, n_samples) + feat_window_size(ps_get_feat(ps));
    mfcc_t *storage = calloc((size_t)allocated * (size_t)ncep, sizeof(mfcc_t));
    mfcc_t **rows = storage == NULL ? NULL : incant_row_pointers(storage, allocated, ncep);
    if (rows == NULL) {
        free(storage);
        return -1;
    }
    int32_t total = incant_front_end_tracked(ps, samples, n_samples, rows, kept);
    int result = -1;
    if (total >= 0) {
        result = incant_normalize_rows(ps, rows, total, ncep, mean_frames)
                     ? incant_search_normalized(ps, rows, total, ncep, stop)
                     : ps_process_cep(ps, rows, total, 0, 1);
    }
    *n_kept = total > 0 ? total : 0;
    free(rows);
    free(storage);
    return result;
}
