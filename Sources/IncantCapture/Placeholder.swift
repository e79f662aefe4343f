// Audio capture: in progress.
