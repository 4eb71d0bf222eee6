//! Values packed in as few bits as they need.

/// Values of `bits` bits each, packed into `u64` words.
///
/// Bit layout: value `i` occupies bits `i*bits .. (i+1)*bits` of the
/// little-endian bit string of the words (word `k` holds bits
/// `64k .. 64k+63`, its least significant bit first); a value may straddle
/// two words. Any 64 consecutive values starting at a multiple of 64 fill
/// exactly `bits` whole words, so ranges of 64 values are written in
/// parallel and shard parts concatenate word by word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packed {
    bits: u32,
    len: u64,
    words: Vec<u64>,
}

/// The number of words holding `len` values of `bits` bits.
pub fn words_for(len: u64, bits: u32) -> usize {
    (len * u64::from(bits)).div_ceil(64) as usize
}

impl Packed {
    /// `len` zero values of `bits` bits (1 to 8).
    ///
    /// # Panics
    /// If `bits` is not in 1..=8 (a caller's bug).
    pub fn zeroed(bits: u32, len: u64) -> Packed {
        assert!((1..=8).contains(&bits), "bits per value {bits}");
        Packed {
            bits,
            len,
            words: vec![0; words_for(len, bits)],
        }
    }

    /// Values from their words; `None` if the word count does not fit.
    pub fn from_words(bits: u32, len: u64, words: Vec<u64>) -> Option<Packed> {
        ((1..=8).contains(&bits) && words.len() == words_for(len, bits)).then_some(Packed {
            bits,
            len,
            words,
        })
    }

    /// Bits per value.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// Number of values.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether there are no values.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The words.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// The words, to fill.
    pub fn words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    /// Value `i`.
    #[inline]
    pub fn get(&self, i: u64) -> u32 {
        debug_assert!(i < self.len);
        get(&self.words, self.bits, i)
    }

    /// Appends the values of `other` (which must have the same bits; `self`
    /// must hold a multiple of 64 values).
    pub fn append(&mut self, other: &Packed) {
        debug_assert!(self.len % 64 == 0 && self.bits == other.bits);
        self.words.extend_from_slice(&other.words);
        self.len += other.len;
    }
}

/// Value `i` of packed `words`.
#[inline]
pub fn get(words: &[u64], bits: u32, i: u64) -> u32 {
    let off = i * u64::from(bits);
    let w = (off >> 6) as usize;
    let sh = (off & 63) as u32;
    let mut v = words[w] >> sh;
    if sh + bits > 64 {
        v |= words[w + 1] << (64 - sh);
    }
    (v & ((1u64 << bits) - 1)) as u32
}

/// Writes values one after another into words (which start at a word
/// boundary and are zero).
pub struct Writer<'a> {
    words: &'a mut [u64],
    bits: u32,
    at: u64,
}

impl<'a> Writer<'a> {
    /// A writer at the start of `words`.
    pub fn new(words: &'a mut [u64], bits: u32) -> Writer<'a> {
        Writer { words, bits, at: 0 }
    }

    /// Appends `v` (below `1 << bits`).
    #[inline]
    pub fn push(&mut self, v: u32) {
        let w = (self.at >> 6) as usize;
        let sh = (self.at & 63) as u32;
        self.words[w] |= u64::from(v) << sh;
        if sh + self.bits > 64 {
            self.words[w + 1] |= u64::from(v) >> (64 - sh);
        }
        self.at += u64::from(self.bits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_for_every_width() {
        for bits in 1..=8u32 {
            let len = 300u64;
            let mut p = Packed::zeroed(bits, len);
            let value = |i: u64| ((i * 7 + 3) % (1 << bits)) as u32;
            let mut w = Writer::new(p.words_mut(), bits);
            for i in 0..len {
                w.push(value(i));
            }
            for i in 0..len {
                assert_eq!(p.get(i), value(i), "bits {bits} index {i}");
            }
            // Two parts of 64k values concatenate into the whole.
            let mut a = Packed::zeroed(bits, 128);
            let mut b = Packed::zeroed(bits, len - 128);
            let mut wa = Writer::new(a.words_mut(), bits);
            (0..128).for_each(|i| wa.push(value(i)));
            let mut wb = Writer::new(b.words_mut(), bits);
            (128..len).for_each(|i| wb.push(value(i)));
            a.append(&b);
            assert_eq!(a, p);
        }
    }
}
