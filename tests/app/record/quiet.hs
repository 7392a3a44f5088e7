-- Ends before its first census: a profile with no sample.
main :: IO ()
main = return ()
