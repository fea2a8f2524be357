dd sampled

